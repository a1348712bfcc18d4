// A protocol-true DNS server on 127.0.0.1 for tests (RFC 1035 over UDP, A records only): the
// outbound guard's tests ask it, through node:dns's real resolver, for names that resolve to
// private addresses — or to a different address on every question (DNS rebinding).
import { createSocket } from 'node:dgram';

export interface FakeDnsServer {
  /** `127.0.0.1:<port>`, for OutboundPolicy.dnsServers. */
  readonly server: string;
  /** How many A questions each name got. */
  readonly asked: Map<string, number>;
  close(): Promise<void>;
}

/** answers: name → the A record(s), or a function of how often the name was asked (rebinding). */
export async function startFakeDns(answers: Readonly<Record<string, string | ((times: number) => string)>>): Promise<FakeDnsServer> {
  const socket = createSocket('udp4');
  const asked = new Map<string, number>();
  socket.on('message', (message, peer) => {
    if (message.length < 12) return;
    const labels: string[] = [];
    let offset = 12;
    while (offset < message.length) {
      const length = message[offset] ?? 0;
      if (length === 0) break;
      labels.push(message.subarray(offset + 1, offset + 1 + length).toString('ascii'));
      offset += length + 1;
    }
    const questionEnd = offset + 5;
    const type = message.readUInt16BE(offset + 1);
    const name = labels.join('.').toLowerCase();
    const answer = answers[name];
    const header = Buffer.alloc(12);
    message.copy(header, 0, 0, 2);
    let records = Buffer.alloc(0);
    let rcode = 0;
    if (answer === undefined) rcode = 3;
    else if (type === 1) {
      const times = (asked.get(name) ?? 0) + 1;
      asked.set(name, times);
      const ip = typeof answer === 'function' ? answer(times) : answer;
      records = Buffer.concat([Buffer.from([0xc0, 0x0c, 0, 1, 0, 1, 0, 0, 0, 0, 0, 4]), Buffer.from(ip.split('.').map(Number))]);
    }
    header.writeUInt16BE(0x8180 | rcode, 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(records.length > 0 ? 1 : 0, 6);
    socket.send(Buffer.concat([header, message.subarray(12, questionEnd), records]), peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  return {
    server: `127.0.0.1:${port}`,
    asked,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
