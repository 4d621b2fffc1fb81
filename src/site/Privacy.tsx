import { CONTACT_EMAIL, SITE_NAME } from './constants';
import { StaticPage } from './StaticPage';

export function Privacy() {
  return (
    <StaticPage title="Privacy Policy" lead={`${SITE_NAME} is built so that we never see your files or your data.`}>
      <h2>Your files</h2>
      <p>
        Every file you open in a tool is processed on your device, inside your browser. Files are never uploaded, never
        sent to us or to anyone else, and never stored by {SITE_NAME}. Results are created on your device and saved
        only where you choose to save them. Closing the tab discards everything the tool held in memory.
      </p>

      <h2>No cookies, no tracking, no analytics</h2>
      <p>
        {SITE_NAME} sets no cookies and uses no tracking, no analytics, no advertising and no scripts from other websites. The
        pages, styles and processing code are all served from this site, so your browser makes no requests to other
        websites while you use it.
      </p>

      <h2>What your browser remembers</h2>
      <p>
        Demo mode remembers a single flag in your browser&apos;s sessionStorage (under the name filedesk-demo-mode) so
        that it stays on while you move between pages. It contains no personal information, never leaves your device,
        and is deleted when you close the tab or turn demo mode off.
      </p>

      <h2>The web server</h2>
      <p>
        Like any website, the server that delivers these pages receives the technical details of each request (such as
        your IP address and the address of the page) in order to send the page to you. {SITE_NAME} adds nothing to those
        requests, and your files are never part of them.
      </p>

      <h2>Questions</h2>
      <p>
        Write to <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>.
      </p>
    </StaticPage>
  );
}
