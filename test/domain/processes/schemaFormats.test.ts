import { expect } from 'chai';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { compileInputSchema } from '../../../domain/processes/definition/inputSchema.js';
import { validateInWorker } from './validateInWorker.js';

/** ajv-formats' own expression: what `url` meant before it ran on RE2. */
const backtrackingUrl = fullFormats.url as RegExp;

const SAMPLES = [
  'http://example.com',
  'https://shop.example.co.uk/orders/42?x=1#top',
  'ftp://files.example.org:2121/pub/',
  'HTTPS://EXAMPLE.COM/Path',
  'http://user:secret@example.com:8080/a b',
  'http://user:secret@example.com:8080/a',
  'http://us@er@example.com',
  'http://例え.テスト/パス',
  'http://xn--r8jz45g.xn--zckzah/',
  'http://a-b-c.example.com',
  'http://-a.example.com',
  'http://a.b',
  'http://example',
  'http://example.com:1',
  'http://example.com:123456',
  'http://8.8.8.8',
  'http://8.8.8.8:80/x',
  'http://1.2.3.4',
  'http://223.255.255.254',
  'http://224.0.0.1',
  'http://0.1.2.3',
  'http://1.2.3.0',
  'http://1.2.3.255',
  'http://10.0.0.1',
  'http://100.0.0.1',
  'http://127.0.0.1',
  'http://126.0.0.1',
  'http://128.0.0.1',
  'http://169.254.1.1',
  'http://169.253.1.1',
  'http://169.255.1.1',
  'http://192.168.0.1',
  'http://192.167.0.1',
  'http://192.169.0.1',
  'http://172.15.0.1',
  'http://172.16.0.1',
  'http://172.31.0.1',
  'http://172.32.0.1',
  'http://172.3.0.1',
  'http://u@10.0.0.1',
  'http://u@8.8.8.8',
  'http://a@8.8.8.8@1.1.1.1',
  'mailto:someone@example.com',
  'example.com',
  'http://',
  'http:// example.com',
  'http://example.com/\u00a0',
  'http://example.com/\u2003x',
  '',
];

describe('input schema formats', function () {
  this.timeout(30_000);

  it('url on 100,000 characters that make a backtracking engine work: within 1 s', async () => {
    const inputs = [':', 'a:', ':@'].map((unit) => `http://${unit.repeat(100_000 / unit.length)}`);
    const results = await validateInWorker({ type: 'string', format: 'url' }, inputs);
    for (const { ms, valid } of results) {
      expect(ms, `${Math.round(ms)} ms`).to.be.below(1_000);
      expect(valid).to.equal(false);
    }
  });

  it('url means what ajv-formats meant: schemes, hosts, ports, public addresses', () => {
    const validate = compileInputSchema({ type: 'string', format: 'url' });
    const differences = SAMPLES.filter((url) => validate(url) !== backtrackingUrl.test(url));
    expect(differences).to.deep.equal([]);
    expect(SAMPLES.filter((url) => validate(url))).to.include.members([
      'http://example.com',
      'http://8.8.8.8:80/x',
      'http://172.32.0.1',
    ]);
  });
});
