/** Prometheus metrics (prom-client), served on /metrics. */
import client from 'prom-client';

export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry });

export const messagesReceived = new client.Counter({
  name: 'junction_messages_received_total', help: 'Client messages received by rooms', labelNames: ['game', 'type'], registers: [registry],
});
export const messagesRejected = new client.Counter({
  name: 'junction_messages_rejected_total', help: 'Client messages answered with an error', labelNames: ['game', 'code'], registers: [registry],
});
export const actionLatency = new client.Histogram({
  name: 'junction_action_latency_seconds',
  help: 'From a game action arriving to its outcome being pushed (includes the race hold)',
  labelNames: ['game', 'race'],
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1],
  registers: [registry],
});
export const roomsGauge = new client.Gauge({ name: 'junction_rooms', help: 'Game rooms open in this process', labelNames: ['game'], registers: [registry] });
export const clientsGauge = new client.Gauge({ name: 'junction_clients', help: 'Connected clients in this process', registers: [registry] });
export const gamesFinished = new client.Counter({ name: 'junction_games_finished_total', help: 'Games finished and stored', labelNames: ['game'], registers: [registry] });
export const connectionsRefused = new client.Counter({
  name: 'junction_connections_refused_total', help: 'Connections refused at the per-address cap (connection, upgrade)', labelNames: ['where'], registers: [registry],
});
export const edgeDrops = new client.Counter({
  name: 'junction_edge_drops_total', help: 'Client frames dropped at the room edge (rate, cut_off, protocol) before decoding', labelNames: ['room', 'reason'], registers: [registry],
});
export const uncaughtErrors = new client.Counter({
  name: 'junction_uncaught_errors_total', help: 'Exceptions caught by a room or process guard instead of ending the process', labelNames: ['where'], registers: [registry],
});
export const raceStampsClamped = new client.Counter({
  name: 'junction_race_stamps_clamped_total',
  help: 'Race stamps moved into the trusted range: "early" = older than the seat\'s measured delay allows (jitter), "implausible" = older than its slowest recent round trip (forged, or a line that just got slower), "late" = after arrival',
  labelNames: ['game', 'bound'],
  registers: [registry],
});
export const raceTies = new client.Counter({
  name: 'junction_race_ties_total',
  help: 'Exact race ties settled by the room\'s seeded coin, by whether the claim read first ("first_arrival") or a later one won',
  labelNames: ['game', 'won_by'],
  registers: [registry],
});
export const resultsPending = new client.Gauge({
  name: 'junction_results_pending', help: 'Finished games whose result, rating or tournament report the store has not taken yet (the outbox)', registers: [registry],
});
