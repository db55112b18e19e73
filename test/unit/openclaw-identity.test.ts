/** The OpenClaw plugin's identity: each person a molt user, one agent id on sessions and memories. */
import { describe, expect, it } from 'vitest';
import { identityOf, peerOf } from '../../integrations/openclaw/src/identity.js';

const config = { usersFromPeers: true };

describe('identityOf', () => {
  it('reads the person from a direct-message session key, in every dmScope shape', () => {
    expect(peerOf('agent:main:direct:alice')).toEqual({ peer: 'alice' });
    expect(peerOf('agent:main:telegram:direct:123')).toEqual({ channel: 'telegram', peer: '123' });
    expect(peerOf('agent:main:telegram:acct:direct:123')).toEqual({ channel: 'telegram', peer: '123' });
    expect(peerOf('agent:main:slack:direct:U1:thread:17.5')).toEqual({ channel: 'slack', peer: 'U1' });
    expect(peerOf('agent:main:explicit:abc')).toBeNull();
    expect(peerOf('agent:main:slack:channel:C1')).toBeNull();
    expect(peerOf(undefined)).toBeNull();
  });

  it('maps each person to a molt user, configured or from the peer, and keeps the agent', () => {
    const users = { 'telegram:123': 'alice', bob: 'bob@example' };
    expect(identityOf({ ...config, users }, { sessionKey: 'agent:ops:telegram:direct:123' })).toEqual({
      userId: 'alice',
      agentId: 'ops',
    });
    expect(identityOf({ ...config, users }, { sessionKey: 'agent:ops:discord:direct:bob' })).toEqual({
      userId: 'bob@example',
      agentId: 'ops',
    });
    expect(identityOf(config, { sessionKey: 'agent:ops:discord:direct:carol' })).toEqual({
      userId: 'discord:carol',
      agentId: 'ops',
    });
    // Without usersFromPeers an unmapped person is the configured user.
    expect(
      identityOf(
        { usersFromPeers: false, userId: 'owner' },
        { sessionKey: 'agent:ops:discord:direct:carol' },
      ),
    ).toEqual({ userId: 'owner', agentId: 'ops' });
  });

  it('uses the configured user where no person is named, and the configured agent over the key', () => {
    expect(identityOf({ ...config, userId: 'owner' }, { sessionKey: 'agent:main:explicit:x' })).toEqual({
      userId: 'owner',
      agentId: 'main',
    });
    expect(identityOf({ ...config, agentId: 'bound' }, { sessionKey: 'agent:main:explicit:x' })).toEqual({
      agentId: 'bound',
    });
    expect(identityOf(config, { agentId: 'from-host' })).toEqual({ agentId: 'from-host' });
    expect(identityOf(config, {})).toEqual({});
  });
});
