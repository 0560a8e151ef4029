// What a bench scenario is, apart from the list of them (bench/scenarios.ts), so that the files that
// define scenarios and the setup they share need not import the list (no import cycle).
import type { RunOptions } from './lib.ts';

export interface BenchContext {
  docexUrl: string;
  ceilingUrl: string;
  operatorToken: string;
}

type Target = Omit<RunOptions, 'connections' | 'seconds' | 'warmupSeconds'>;

/** Issue 9's target for a scenario: a ratio to its ceiling, and for some a p99 bound. */
export interface Goal {
  ratio: number;
  p99?: number;
}

export interface Scenario {
  id: string;
  title: string;
  ceilingTitle: string;
  target?: Goal;
  /** Sets up data and returns the two request shapes, or null when the build lacks the feature. */
  prepare(ctx: BenchContext): Promise<{ docex: Target; ceiling: Target } | null>;
}
