import { SiteLink } from './navigation';
import { SITE_NAME } from './constants';
import { StaticPage } from './StaticPage';

export function About() {
  return (
    <StaticPage
      title="About Us"
      lead={`${SITE_NAME} is a collection of free, single-purpose file tools that work entirely in your browser.`}
    >
      <h2>What we do</h2>
      <p>
        Compress a PDF, merge or split documents, convert images between formats, turn spreadsheets into CSV or XML,
        change the case of a text, read a text aloud: each tool does one job, with clear options and no account.
      </p>

      <h2>How it works</h2>
      <p>
        When you open a tool, the code that does the work is loaded into your browser and runs on your device, in a
        background worker so the page stays responsive. Your files are read locally and the result is built locally;
        no file is ever uploaded, and the site makes no requests to other websites. This also means that speed depends on
        your device, and that each tool has limits on file size and file count, shown on its page, so that the work fits
        comfortably in a browser.
      </p>

      <h2>Demo mode</h2>
      <p>
        {SITE_NAME} also has a demo mode that runs every tool as a simulation: after a short delay it produces a
        placeholder file marked (Mock) instead of a real result. It is useful for trying out the interface. Turn it on
        or off with the switch at the bottom of every page.
      </p>

      <h2>Open source</h2>
      <p>
        {SITE_NAME} is free software released under the GNU Affero General Public License, version 3 or later, and
        is built on open-source libraries such as pdf-lib, pdf.js, SheetJS and fflate. See the{' '}
        <SiteLink to="/terms">Terms of Service</SiteLink> for the details.
      </p>
    </StaticPage>
  );
}
