import { MessageChannel } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { createParentChannel, type ParentToWorker, type WorkerToParent } from './parent-channel.js';

const open: MessageChannel[] = [];
afterEach(() => {
  for (const channel of open.splice(0)) {
    channel.port1.close();
    channel.port2.close();
  }
});

/** A marker posted from the worker's side: a port keeps its messages' order, so all sent before it have come. */
const PROBE = { type: 'probe' } as const;

function connect() {
  const pipe = new MessageChannel();
  open.push(pipe);
  const received: WorkerToParent[] = [];
  let probes = 0;
  let onMessage = () => {};
  pipe.port2.on('message', (message: WorkerToParent | typeof PROBE) => {
    if (message.type === 'probe') probes++;
    else received.push(message);
    onMessage();
  });
  const reply = (message: ParentToWorker) => pipe.port2.postMessage(message);
  /** Resolves once `isDone` holds, checked as each message comes: no timer to lose a race on a busy machine. */
  const until = (isDone: () => boolean) =>
    new Promise<void>((resolve) => {
      onMessage = () => {
        if (isDone()) resolve();
      };
      onMessage();
    });
  /** Resolves once everything the worker's side has sent so far has come. */
  const settled = () => {
    const expected = probes + 1;
    pipe.port1.postMessage(PROBE);
    return until(() => probes >= expected);
  };
  const pulls = () => received.filter((m) => m.type === 'pull').length;
  return { channel: createParentChannel(pipe.port1), received, reply, until, settled, pulls };
}

describe('the worker’s channel to its parent', () => {
  it('keeps at most two batches unacknowledged: the third waits for an ack (back-pressure)', async () => {
    const { channel, received, reply, until, settled } = connect();
    let sent = 0;
    const sending = (async () => {
      for (let batch = 0; batch < 3; batch++) {
        await channel.sendRows([{ batch }]);
        sent++;
      }
    })();
    await until(() => received.length >= 2);
    await settled();
    expect(sent).toBe(1);
    expect(received).toHaveLength(2);
    reply({ type: 'ack' });
    await until(() => received.length >= 3);
    await settled();
    expect(sent).toBe(2);
    expect(received).toHaveLength(3);
    reply({ type: 'ack' });
    await sending;
    expect(received.map((m) => m.type === 'rows' && m.rows)).toEqual([
      [{ batch: 0 }],
      [{ batch: 1 }],
      [{ batch: 2 }],
    ]);
  });

  it('cuts a native statement’s rows into messages of 1,024', async () => {
    const { channel, received, reply, until, settled } = connect();
    const sending = channel.sendRows(Array.from({ length: 2500 }, (_, i) => i));
    for (const count of [2, 3]) {
      await until(() => received.length >= count);
      reply({ type: 'ack' });
    }
    await sending;
    await settled();
    expect(received.map((m) => (m.type === 'rows' ? m.rows.length : 0))).toEqual([1024, 1024, 452]);
  });

  it('pulls the file chunk by chunk, and fails when the parent’s source fails', async () => {
    const { channel, received, reply, until, pulls } = connect();
    const chunks: string[] = [];
    const reading = (async () => {
      for await (const chunk of channel.source()) chunks.push(Buffer.from(chunk).toString());
    })();
    const answers = [
      { type: 'chunk', bytes: Buffer.from('ab') },
      { type: 'chunk', bytes: Buffer.from('c') },
      { type: 'end' },
    ] as ParentToWorker[];
    for (const [i, answer] of answers.entries()) {
      await until(() => pulls() > i);
      reply(answer);
    }
    await reading;
    expect(chunks).toEqual(['ab', 'c']);
    expect(received.filter((m) => m.type === 'pull')).toHaveLength(3);

    const failing = (async () => {
      for await (const chunk of channel.source()) void chunk;
    })();
    await until(() => pulls() > 3);
    reply({ type: 'source-failed' });
    await expect(failing).rejects.toThrow('The file could not be read from its source.');
  });
});
