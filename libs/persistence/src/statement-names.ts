/**
 * Names for the statements of a query assembled from optional parts (a list's filters): each
 * distinct text gets its own name, so every connection prepares it once and PostgreSQL may keep a
 * generic plan for it. Only the first `max` texts are named; later ones run unnamed, so that a
 * client cycling through filter combinations cannot fill the connections with prepared plans.
 */
export class StatementNames {
  private readonly names = new Map<string, string>();

  constructor(
    private readonly prefix: string,
    private readonly max = 64,
  ) {}

  of(text: string): string | undefined {
    let name = this.names.get(text);
    if (name === undefined && this.names.size < this.max) {
      name = `${this.prefix}_${this.names.size}`;
      this.names.set(text, name);
    }
    return name;
  }
}
