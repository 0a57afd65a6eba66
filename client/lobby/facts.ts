/**
 * What the gallery says about each game besides its pitch: players, minutes and age, from the
 * rulebooks (/work/shared/seeds) and docs/rules. Car Exchange, Traffic Tango and Bip! Bip! give no
 * playing time (nor Car Exchange and Traffic Tango an age): those are our estimates.
 */
export interface Facts { players: [number, number]; minutes: [number, number]; age: number }

export const FACTS: Record<string, Facts> = {
  railway_madness: { players: [2, 6], minutes: [5, 10], age: 5 },
  car_exchange: { players: [2, 8], minutes: [20, 40], age: 7 },
  rush_hour: { players: [2, 5], minutes: [10, 15], age: 8 },
  traffic_memory: { players: [2, 5], minutes: [10, 15], age: 5 },
  took_over: { players: [2, 5], minutes: [10, 15], age: 7 },
  traffic_tango: { players: [4, 4], minutes: [10, 30], age: 10 },
  bip_bip: { players: [2, 4], minutes: [10, 20], age: 8 },
};
