import { CONTACT_EMAIL, SITE_NAME } from './constants';
import { StaticPage } from './StaticPage';

export function Contact() {
  return (
    <StaticPage title="Contact" lead="Questions, bug reports and ideas for new tools are welcome.">
      <h2>Email</h2>
      <p>
        {SITE_NAME} has no server that could receive messages, so there is no contact form. Write to us at{' '}
        <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>.
      </p>

      <h2>Reporting a problem</h2>
      <p>It helps if you tell us:</p>
      <ul>
        <li>which tool you used and what you expected it to do;</li>
        <li>the message you saw, word for word;</li>
        <li>your browser and device (for example Firefox on Windows, or Safari on an iPhone);</li>
        <li>the type and approximate size of the file (for example a 12 MB PDF with 80 pages).</li>
      </ul>

      <h2>We never ask for your files</h2>
      <p>
        We will never request your files, by email or any other way. Your files stay on your device, and we would rather
        not receive them: please describe the file instead of attaching it, and never send documents that contain
        personal or confidential information.
      </p>
    </StaticPage>
  );
}
