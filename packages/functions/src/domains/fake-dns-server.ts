// A scripted authoritative DNS server on loopback (dns2), for tests of domain verification: the
// code under test asks it through node:dns exactly as it would ask a real resolver. Names answer
// TXT, CNAME, A and AAAA as scripted; a name may instead answer SERVFAIL or never answer.
import dns2 from 'dns2';

export interface ScriptedName {
  txt?: readonly string[];
  cname?: string;
  a?: readonly string[];
  aaaa?: readonly string[];
  /** Every question about this name gets SERVFAIL. */
  servfail?: boolean;
  /** Questions about this name get no answer at all (the client times out). */
  silent?: boolean;
}

export interface FakeDnsServer {
  /** `127.0.0.1:<port>`, the value for DNS_RESOLVER. */
  address: string;
  /** Replace (or with `undefined` remove) what a name answers. */
  set(name: string, records: ScriptedName | undefined): void;
  /** Questions received so far, as `TYPE name`. */
  readonly questions: string[];
  close(): Promise<void>;
}

const { Packet } = dns2;

export async function startFakeDnsServer(initial: Record<string, ScriptedName> = {}): Promise<FakeDnsServer> {
  const zone = new Map<string, ScriptedName>(Object.entries(initial).map(([name, records]) => [name.toLowerCase(), records]));
  const questions: string[] = [];
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      response.header.aa = 1;
      const [question] = request.questions;
      if (!question) return void send(response);
      const name = question.name.toLowerCase().replace(/\.$/, '');
      const typeName = Object.entries(Packet.TYPE).find(([, value]) => value === question.type)?.[0] ?? String(question.type);
      questions.push(`${typeName} ${name}`);
      const records = zone.get(name);
      if (records?.silent) return;
      if (records?.servfail) {
        response.header.rcode = Packet.RCODE.SERVFAIL;
        return void send(response);
      }
      if (!records) {
        response.header.rcode = Packet.RCODE.NXDOMAIN;
        return void send(response);
      }
      const base = { name: question.name, class: Packet.CLASS.IN, ttl: 60 };
      const answer = (fields: Partial<dns2.Packet.Resource>) => response.answers.push(new Packet.Resource({ ...base, ...fields }));
      if (records.cname !== undefined && question.type !== Packet.TYPE.TXT) {
        answer({ type: Packet.TYPE.CNAME, domain: records.cname });
      } else if (question.type === Packet.TYPE.TXT) {
        for (const data of records.txt ?? []) answer({ type: Packet.TYPE.TXT, data });
      } else if (question.type === Packet.TYPE.A) {
        for (const address of records.a ?? []) answer({ type: Packet.TYPE.A, address });
      } else if (question.type === Packet.TYPE.AAAA) {
        for (const address of records.aaaa ?? []) answer({ type: Packet.TYPE.AAAA, address });
      }
      void send(response);
    },
  });
  const addresses = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const port = addresses.udp?.port;
  if (port === undefined) throw new Error('The fake DNS server did not start');
  return {
    address: `127.0.0.1:${port}`,
    set(name, records) {
      if (records) zone.set(name.toLowerCase(), records);
      else zone.delete(name.toLowerCase());
    },
    questions,
    close: () => server.close(),
  };
}
