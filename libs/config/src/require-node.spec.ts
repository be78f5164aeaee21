import { isSupportedNode } from './require-node.js';

describe('isSupportedNode', () => {
  it.each([
    ['20.20.2', false],
    ['22.16.0', false],
    ['v22.17.0', true],
    ['24.21.0', true],
    ['25.0.0', true],
  ])('%s → %s', (version, supported) => {
    expect(isSupportedNode(version)).toBe(supported);
  });
});
