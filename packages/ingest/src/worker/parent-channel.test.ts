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

function connect() {
  const pipe = new MessageChannel();
  open.push(pipe);
  const received: WorkerToParent[] = [];
  pipe.port2.on('message', (message: WorkerToParent) => received.push(message));
  const reply = (message: ParentToWorker) => pipe.port2.postMessage(message);
  return { channel: createParentChannel(pipe.port1), received, reply };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the worker’s channel to its parent', () => {
  it('keeps at most two batches unacknowledged: the third waits for an ack (back-pressure)', async () => {
    const { channel, received, reply } = connect();
    let sent = 0;
    const sending = (async () => {
      for (let batch = 0; batch < 3; batch++) {
        await channel.sendRows([{ batch }]);
        sent++;
      }
    })();
    await tick();
    expect(sent).toBe(1);
    expect(received).toHaveLength(2);
    reply({ type: 'ack' });
    await tick();
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
    const { channel, received, reply } = connect();
    const sending = channel.sendRows(Array.from({ length: 2500 }, (_, i) => i));
    for (let acked = 0; acked < 3; acked++) {
      await tick();
      reply({ type: 'ack' });
    }
    await sending;
    expect(received.map((m) => (m.type === 'rows' ? m.rows.length : 0))).toEqual([1024, 1024, 452]);
  });

  it('pulls the file chunk by chunk, and fails when the parent’s source fails', async () => {
    const { channel, received, reply } = connect();
    const chunks: string[] = [];
    const reading = (async () => {
      for await (const chunk of channel.source()) chunks.push(Buffer.from(chunk).toString());
    })();
    for (const answer of [
      { type: 'chunk', bytes: Buffer.from('ab') },
      { type: 'chunk', bytes: Buffer.from('c') },
      { type: 'end' },
    ] as ParentToWorker[]) {
      await tick();
      reply(answer);
    }
    await reading;
    expect(chunks).toEqual(['ab', 'c']);
    expect(received.filter((m) => m.type === 'pull')).toHaveLength(3);

    const failing = (async () => {
      for await (const chunk of channel.source()) void chunk;
    })();
    await tick();
    reply({ type: 'source-failed' });
    await expect(failing).rejects.toThrow('The file could not be read from its source.');
  });
});
