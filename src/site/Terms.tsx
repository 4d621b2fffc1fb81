import { SITE_NAME } from './constants';
import { StaticPage } from './StaticPage';

export function Terms() {
  return (
    <StaticPage title="Terms of Service" lead={`The short version: ${SITE_NAME} is free, open source and provided as is.`}>
      <h2>Free to use</h2>
      <p>
        You may use every tool for free, for personal or commercial work, without an account. There are no fees and no
        subscriptions.
      </p>

      <h2>Licence</h2>
      <p>
        {SITE_NAME} is free software: you can redistribute it and modify it under the terms of the GNU Affero General
        Public License as published by the Free Software Foundation, either version 3 of the License, or (at your option)
        any later version (AGPL-3.0-or-later). If you run a modified version for others over a network, the licence
        requires you to offer them its source code.
      </p>

      <h2>Your files and your responsibility</h2>
      <p>
        Your files stay on your device and remain yours. Only process files you have the right to use, and check each
        result before you rely on it, especially conversions between formats whose features do not match exactly. In demo
        mode the tools produce placeholder files, not real results.
      </p>

      <h2>No warranty</h2>
      <p>
        {SITE_NAME} is provided &quot;as is&quot;, without warranty of any kind, express or implied, including the
        warranties of merchantability and fitness for a particular purpose. To the extent permitted by law, the authors
        are not liable for any damage or loss arising from its use. Keep a copy of your original files.
      </p>
    </StaticPage>
  );
}
