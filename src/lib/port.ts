// The one shape of every plug-in point (docs/architecture.md, "Ports"): a lower family declares
// what it hands up as a port, and src/modules/wiring.ts plugs the higher family's implementation
// in, once per process, so the lower family never imports the higher one. A port holds one
// implementation; a port list any number, by name (plugging a name again replaces it, so wiring
// twice in one process, as tests that open several services do, changes nothing).

export class Port<T> {
  readonly what: string;
  #impl: T | null = null;

  constructor(what: string) {
    this.what = what;
  }

  plug(impl: T): void {
    this.#impl = impl;
  }

  /** The implementation, or null while none is plugged (the port's documented default applies). */
  get plugged(): T | null {
    return this.#impl;
  }

  /** The implementation; a port that must be plugged throws when the service was not wired. */
  need(): T {
    if (this.#impl === null)
      throw new Error(`no ${this.what}: the service was not wired (src/modules/wiring.ts)`);
    return this.#impl;
  }
}

export class PortList<T> {
  readonly what: string;
  /** Every implementation plugged, in plugging order. */
  readonly plugged: T[] = [];
  readonly #names: string[] = [];

  constructor(what: string) {
    this.what = what;
  }

  plug(name: string, impl: T): void {
    const at = this.#names.indexOf(name);
    if (at >= 0) {
      this.plugged[at] = impl;
      return;
    }
    this.#names.push(name);
    this.plugged.push(impl);
  }
}
