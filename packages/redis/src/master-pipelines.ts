// Commands sent the way a Redis Cluster is fastest to talk to: the commands issued in one tick are grouped by the
// master that owns each key's slot and sent as one pipeline per master, in parallel. ioredis's own auto-pipelining
// did the same at about half the rate (its cluster pipelines re-check every command's slot), and neither it nor a
// cluster pipeline follows MOVED or ASK inside a pipeline; so a command whose reply is a redirection, or whose
// master's pipeline failed as a whole, is sent again on its own through the cluster client, which follows
// redirections and refreshes its slot map. A single server gets one pipeline per tick.
import type { Cluster, Redis } from 'ioredis';
import calculateSlot from 'cluster-key-slot';

type Client = Redis | Cluster;
type Method = (...args: unknown[]) => unknown;

interface Pending {
  readonly key: string;
  readonly method: string;
  readonly args: readonly unknown[];
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

export class MasterPipelines {
  private queue: Pending[] = [];
  private scheduled = false;

  /**
   * `client`: the cluster client (or the one server's). `prepare` is called on every node client before its first
   * pipeline (to define the scripts there).
   */
  constructor(private readonly client: Client, private readonly cluster: boolean, private readonly prepare: (node: Redis | Cluster) => void) {}

  /** Sends `method(...args)` (an ioredis command or a defined script) for a command on `key`. */
  send<T>(key: string, method: string, args: readonly unknown[]): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ key, method, args, resolve: resolve as (value: unknown) => void, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        process.nextTick(() => this.flush());
      }
    });
  }

  private flush(): void {
    const queue = this.queue;
    this.queue = [];
    this.scheduled = false;
    for (const [node, commands] of this.byMaster(queue)) {
      if (node === null) {
        for (const command of commands) this.alone(command);
        continue;
      }
      this.prepare(node);
      const pipeline = node.pipeline() as unknown as Record<string, Method> & { exec(): Promise<[Error | null, unknown][] | null> };
      for (const command of commands) pipeline[command.method](...command.args);
      pipeline.exec().then(
        (results) => {
          commands.forEach((command, i) => {
            const [error, value] = results?.[i] ?? [new Error('no reply'), undefined];
            if (error === null) command.resolve(value);
            else if (redirected(error)) this.alone(command);
            else command.reject(error);
          });
        },
        () => commands.forEach((command) => this.alone(command)),
      );
    }
  }

  /** The commands per master's client; null collects those whose master is not known yet. */
  private byMaster(queue: readonly Pending[]): Map<Redis | Cluster | null, Pending[]> {
    const groups = new Map<Redis | Cluster | null, Pending[]>();
    const add = (node: Redis | Cluster | null, command: Pending) => {
      let list = groups.get(node);
      if (!list) groups.set(node, (list = []));
      list.push(command);
    };
    if (!this.cluster) {
      for (const command of queue) add(this.client, command);
      return groups;
    }
    const cluster = this.client as Cluster;
    const masters = new Map(cluster.nodes('master').map((node) => [`${node.options.host}:${node.options.port}`, node]));
    for (const command of queue) {
      const owner = cluster.slots[calculateSlot(command.key)]?.[0];
      add((owner === undefined ? undefined : masters.get(owner)) ?? null, command);
    }
    return groups;
  }

  /** One command on its own through the cluster client, which follows MOVED and ASK. */
  private alone(command: Pending): void {
    this.prepare(this.client);
    const method = (this.client as unknown as Record<string, Method>)[command.method];
    Promise.resolve(method.apply(this.client, command.args as unknown[])).then(command.resolve, command.reject);
  }
}

/**
 * Replies that mean "ask the right node": redirections, a cluster that is settling, and ioredis refusing a pipeline
 * whose keys its slot map (changed by a migration since they were queued) now puts on different nodes.
 */
function redirected(error: Error): boolean {
  return /^(MOVED|ASK|TRYAGAIN|CLUSTERDOWN) /.test(error.message) || error.message.includes('should belong to the same slots allocation group');
}
