// Loaded with --import before the prerender runs any page code: the prerender renders the
// sections the admin edits, and it has no reason to open a connection or a listening socket.
// (Where the server can use bubblewrap, the rebuild has no network at all; Node 20's permission
// model, the fallback, does not cover the network, so this closes it at the JavaScript level.)
import dgram from 'node:dgram';
import dns from 'node:dns';
import net from 'node:net';

const refuse = (what) =>
  function refused() {
    throw new Error(`The prerender may not use the network (${what}).`);
  };

net.Socket.prototype.connect = refuse('connect');
net.Server.prototype.listen = refuse('listen');
net.connect = net.createConnection = refuse('connect');
dgram.Socket.prototype.bind = refuse('udp');
dgram.Socket.prototype.send = refuse('udp');
dns.lookup = dns.resolve = refuse('dns');
dns.promises.lookup = dns.promises.resolve = refuse('dns');
globalThis.fetch = refuse('fetch');
if ('WebSocket' in globalThis) globalThis.WebSocket = refuse('WebSocket');
if ('EventSource' in globalThis) globalThis.EventSource = refuse('EventSource');
