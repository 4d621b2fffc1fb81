import { chromium } from '@playwright/test';
const [,, path, out, width = '1280', height = '900', full = '0'] = process.argv;
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const p = await b.newPage({ viewport: { width: Number(width), height: Number(height) } });
await p.goto('http://127.0.0.1:4180' + path);
await p.waitForTimeout(800);
console.log('scrollHeight', await p.evaluate(() => document.documentElement.scrollHeight), 'scrollWidth', await p.evaluate(() => document.documentElement.scrollWidth));
await p.screenshot({ path: out, fullPage: full === '1' });
await b.close();
