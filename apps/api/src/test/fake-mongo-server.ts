// Test helper: a loopback TCP server speaking just enough of the MongoDB wire protocol (OP_QUERY
// for the driver's handshake, OP_MSG after it) for the real driver to connect and send commands.
// It stores nothing: every command is recorded and answered by the test's `answer`.
import net from 'node:net';
import { BSON, type Document } from 'mongodb';

const OP_REPLY = 1;
const OP_QUERY = 2004;
const OP_MSG = 2013;

export interface FakeMongoServer {
  /** `mongodb://127.0.0.1:<port>` followed by `rest`. */
  uri(rest?: string, userinfo?: string): string;
  /** Every command received, in order, monitoring `hello`s included. */
  readonly commands: Document[];
  /** The connections the driver has open now. */
  openConnections(): number;
  close(): Promise<void>;
}

/** The command's name: its first key (`hello`, `insert`, `createIndexes`…). */
export const commandName = (command: Document) => Object.keys(command)[0]!.toLowerCase();

/**
 * Starts the server. `answer` gets each command and the server's own address, and returns the
 * reply, or undefined for the default: a replica-set primary for `hello`, `{ ok: 1 }` otherwise.
 */
export async function startFakeMongoServer(
  answer: (command: Document, host: string) => Document | undefined = () => undefined,
): Promise<FakeMongoServer> {
  const commands: Document[] = [];
  const sockets = new Set<net.Socket>();
  let requestIds = 0;

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    let pending = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 4 && pending.length >= pending.readInt32LE(0)) {
        const message = pending.subarray(0, pending.readInt32LE(0));
        pending = pending.subarray(message.length);
        const reply = handle(message);
        if (reply) socket.write(reply);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const host = `127.0.0.1:${port}`;

  function respond(command: Document): Document {
    commands.push(command);
    const reply = answer(command, host);
    if (reply) return reply;
    return ['hello', 'ismaster'].includes(commandName(command)) ? primaryHello(host) : { ok: 1 };
  }

  function handle(message: Buffer): Buffer | undefined {
    const requestId = message.readInt32LE(4);
    const opCode = message.readInt32LE(12);
    if (opCode === OP_QUERY) {
      // flags, then the collection name (a C string), numberToSkip, numberToReturn, the query.
      const start = message.indexOf(0, 20) + 9;
      const query = BSON.deserialize(message.subarray(start, start + message.readInt32LE(start)));
      return frame(OP_REPLY, requestId, opReply(respond(query)));
    }
    if (opCode !== OP_MSG) throw new Error(`fake MongoDB server: opcode ${opCode} not handled`);
    const flags = message.readUInt32LE(16);
    const end = message.length - (flags & 1 ? 4 : 0); // bit 0: a checksum follows
    let command: Document = {};
    for (let at = 20; at < end;) {
      const kind = message[at]!;
      const size = message.readInt32LE(at + 1);
      if (kind === 0) {
        command = { ...BSON.deserialize(message.subarray(at + 1, at + 1 + size)), ...command };
      } else {
        // A document sequence: its identifier (a C string), then documents.
        const idEnd = message.indexOf(0, at + 5);
        const documents: Document[] = [];
        for (let doc = idEnd + 1; doc < at + 1 + size; doc += message.readInt32LE(doc)) {
          documents.push(BSON.deserialize(message.subarray(doc, doc + message.readInt32LE(doc))));
        }
        command[message.toString('utf8', at + 5, idEnd)] = documents;
      }
      at += 1 + size;
    }
    const body = Buffer.concat([Buffer.alloc(5), BSON.serialize(respond(command))]);
    return flags & 2 ? undefined : frame(OP_MSG, requestId, body); // bit 1: no reply wanted
  }

  function frame(opCode: number, responseTo: number, body: Buffer): Buffer {
    const header = Buffer.alloc(16);
    header.writeInt32LE(16 + body.length, 0);
    header.writeInt32LE(++requestIds, 4);
    header.writeInt32LE(responseTo, 8);
    header.writeInt32LE(opCode, 12);
    return Buffer.concat([header, body]);
  }

  return {
    uri: (rest = '', userinfo = '') => `mongodb://${userinfo}${host}${rest}`,
    commands,
    openConnections: () => sockets.size,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function opReply(document: Document): Buffer {
  // responseFlags, cursorID (8 bytes), startingFrom, numberReturned = 1, the document.
  const head = Buffer.alloc(20);
  head.writeInt32LE(1, 16);
  return Buffer.concat([head, BSON.serialize(document)]);
}

/** What a replica set's primary answers to `hello` (no topologyVersion: the driver polls). */
export const primaryHello = (host: string): Document => ({
  helloOk: true,
  isWritablePrimary: true,
  ismaster: true,
  setName: 'rs0',
  setVersion: 1,
  electionId: new BSON.ObjectId('7fffffff0000000000000001'),
  hosts: [host],
  primary: host,
  me: host,
  maxBsonObjectSize: 16 * 1024 * 1024,
  maxMessageSizeBytes: 48_000_000,
  maxWriteBatchSize: 100_000,
  localTime: new Date(),
  logicalSessionTimeoutMinutes: 30,
  connectionId: 1,
  minWireVersion: 0,
  maxWireVersion: 21,
  readOnly: false,
  ok: 1,
});
