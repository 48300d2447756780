import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseBody, problem, readBody, redactHeaders } from './fake-http.js';
import type { Reply } from './fake-http.js';
import { FAKE_TEXTS, validateKontextInput, validationErrorBody } from './fake-model.js';
import {
  SCENARIOS,
  cancelPrediction,
  createPrediction,
  finishPrediction,
  isRunning,
  startPrediction,
} from './fake-prediction.js';
import type { FakePrediction, FakeScenario } from './fake-prediction.js';

export type { FakePrediction, FakeScenario, PredictionJson } from './fake-prediction.js';

/** A prompt containing e.g. `[fake:nsfw]` picks that scenario for its prediction. */
const MAGIC_WORD = /\[fake:([a-z-]+)\]/;

export interface ScenarioOptions {
  /** `failed`: the prediction's `error` text. */
  readonly error?: string;
  /** `rate-limited`: how many create attempts are answered 429 before one goes through. */
  readonly attempts?: number;
}

export interface FakeReplicateOptions {
  /** The only API token accepted (`Authorization: Bearer <token>`). */
  readonly token?: string;
  /** Official models served at `POST /v1/models/{owner}/{name}/predictions`. */
  readonly models?: readonly string[];
  /** GETs of a prediction before it reaches its final state (the first one moves it to `processing`). */
  readonly pollsUntilDone?: number;
  /** Default 429 count for `rate-limited`: 6 outlasts the client's 1 + 5 attempts. */
  readonly rateLimitAttempts?: number;
  readonly retryAfterSeconds?: number;
  /** Answer `Prefer: wait` by finishing the prediction before responding (except `slow`). */
  readonly answerPreferWait?: boolean;
  /** Longest side of output images. */
  readonly outputSize?: number;
}

export interface RecordedRequest {
  readonly at: number;
  readonly method: string;
  readonly path: string;
  /** Lower-case names; the token in `authorization` is replaced by `[redacted]`. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: unknown;
  status: number;
}

interface QueuedScenario {
  readonly scenario: FakeScenario;
  readonly options: ScenarioOptions;
  throttlesLeft: number;
}

/**
 * A local stand-in for api.replicate.com speaking the subset of its HTTP API the `replicate`
 * client uses for official models (create, get, cancel) plus output file downloads, with
 * scripted per-prediction behaviour. Point the real client at `baseUrl`.
 */
export class FakeReplicateServer {
  readonly requests: RecordedRequest[] = [];
  readonly predictions = new Map<string, FakePrediction>();
  readonly token: string;
  private readonly queue: QueuedScenario[] = [];
  private readonly throttledPrompts = new Map<string, number>();
  private readonly options: Required<Omit<FakeReplicateOptions, 'token'>>;
  private failures: { count: number; status: number; method?: string } = {
    count: 0,
    status: 503,
  };
  private outputsExpired = false;

  private constructor(
    private readonly server: Server,
    readonly url: string,
    options: FakeReplicateOptions,
  ) {
    this.token = options.token ?? 'r8_fake_test_token';
    this.options = {
      models: options.models ?? ['black-forest-labs/flux-kontext-pro'],
      pollsUntilDone: options.pollsUntilDone ?? 3,
      rateLimitAttempts: options.rateLimitAttempts ?? 6,
      retryAfterSeconds: options.retryAfterSeconds ?? 30,
      answerPreferWait: options.answerPreferWait ?? true,
      outputSize: options.outputSize ?? 1024,
    };
  }

  static async start(options: FakeReplicateOptions = {}): Promise<FakeReplicateServer> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const fake = new FakeReplicateServer(server, `http://127.0.0.1:${port}`, options);
    server.on('request', (req: IncomingMessage, res: ServerResponse) => void fake.handle(req, res));
    return fake;
  }

  /** The API root to pass to the client as `baseUrl`. */
  get baseUrl(): string {
    return `${this.url}/v1`;
  }

  /** Where output files are served (Replicate serves them from replicate.delivery, without auth). */
  get filesUrl(): string {
    return `${this.url}/files`;
  }

  /** The behaviour of the next created prediction whose prompt has no magic word. */
  nextScenario(scenario: FakeScenario, options: ScenarioOptions = {}): this {
    const throttles =
      scenario === 'rate-limited' ? (options.attempts ?? this.options.rateLimitAttempts) : 0;
    this.queue.push({ scenario, options, throttlesLeft: throttles });
    return this;
  }

  /**
   * The next `count` API requests (of `method` only, when given) get `status` (e.g. 503) before
   * anything else happens. The method keeps a poll that an earlier test aborted, arriving late,
   * from taking a failure meant for a create.
   */
  failNext(count: number, status = 503, method?: 'GET' | 'POST'): this {
    this.failures = { count, status, method };
    return this;
  }

  /** From now on output files answer 404, as Replicate's do an hour after the prediction. */
  expireOutputs(): this {
    this.outputsExpired = true;
    return this;
  }

  prediction(id: string): FakePrediction {
    const found = this.predictions.get(id);
    if (!found) throw new Error(`the fake Replicate server has no prediction ${id}`);
    return found;
  }

  requestsTo(method: string, path: string | RegExp): RecordedRequest[] {
    return this.requests.filter(
      (r) =>
        r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)),
    );
  }

  reset(): void {
    this.requests.length = 0;
    this.predictions.clear();
    this.queue.length = 0;
    this.throttledPrompts.clear();
    this.failures = { count: 0, status: 503 };
    this.outputsExpired = false;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve, reject) =>
      this.server.close((error) => (error ? reject(error) : resolve())),
    );
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    const record: RecordedRequest = {
      at: Date.now(),
      method: req.method ?? 'GET',
      path: new URL(req.url ?? '/', this.url).pathname,
      headers: redactHeaders(req),
      body: parseBody(raw),
      status: 0,
    };
    this.requests.push(record);
    let reply: Reply;
    try {
      reply = await this.route(record, req);
    } catch (error) {
      reply = problem(
        500,
        'Internal server error',
        error instanceof Error ? error.message : String(error),
      );
    }
    record.status = reply.status;
    if (Buffer.isBuffer(reply.body)) {
      res.writeHead(reply.status, { 'content-length': reply.body.length, ...reply.headers });
      res.end(reply.body);
      return;
    }
    const json = JSON.stringify(reply.body ?? {});
    const type = reply.status >= 400 ? 'application/problem+json' : 'application/json';
    res.writeHead(reply.status, { 'content-type': type, ...reply.headers });
    res.end(json);
  }

  private async route(request: RecordedRequest, req: IncomingMessage): Promise<Reply> {
    const file = /^\/files\/([a-z0-9]+)\.(png|jpg)$/.exec(request.path);
    if (request.method === 'GET' && file) return this.serveFile(file[1]!);
    if (!request.path.startsWith('/v1/')) return problem(404, 'Not found', 'Not found.');
    const { count, method } = this.failures;
    if (count > 0 && (!method || method === request.method)) {
      this.failures.count--;
      return problem(
        this.failures.status,
        'Service unavailable',
        'The service is temporarily unavailable.',
      );
    }
    if (req.headers.authorization !== `Bearer ${this.token}`) {
      return problem(401, 'Unauthenticated', FAKE_TEXTS.unauthenticated);
    }
    const create = /^\/v1\/models\/([^/]+)\/([^/]+)\/predictions$/.exec(request.path);
    if (request.method === 'POST' && create) {
      return this.create(`${create[1]}/${create[2]}`, request.body, request.headers.prefer);
    }
    const get = /^\/v1\/predictions\/([a-z0-9]+)$/.exec(request.path);
    if (request.method === 'GET' && get) return this.get(get[1]!);
    const cancel = /^\/v1\/predictions\/([a-z0-9]+)\/cancel$/.exec(request.path);
    if (request.method === 'POST' && cancel) return this.cancel(cancel[1]!);
    return problem(404, 'Not found', 'Not found.');
  }

  private async create(model: string, body: unknown, prefer: string | undefined): Promise<Reply> {
    if (!this.options.models.includes(model)) {
      return problem(
        404,
        'Model not found',
        `The model ${model} does not exist, or you do not have access to it.`,
      );
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      return problem(400, 'Invalid JSON', 'The request body must be a JSON object.');
    }
    const input = (body as { input?: unknown }).input;
    const prompt =
      input && typeof input === 'object' ? (input as { prompt?: unknown }).prompt : undefined;
    const magic = typeof prompt === 'string' ? MAGIC_WORD.exec(prompt)?.[1] : undefined;
    const chosen =
      magic && SCENARIOS.includes(magic as FakeScenario) ? (magic as FakeScenario) : undefined;

    if (this.throttle(chosen, typeof prompt === 'string' ? prompt : '')) {
      return {
        ...problem(429, 'Request was throttled', FAKE_TEXTS.throttled),
        headers: { 'retry-after': String(this.options.retryAfterSeconds) },
      };
    }
    const invalid = validateKontextInput(input);
    if (invalid.length > 0) return { status: 422, body: validationErrorBody(invalid) };

    const queued = chosen ? undefined : this.queue.shift();
    const scenario = chosen ?? queued?.scenario ?? 'succeeded';
    const prediction = createPrediction({
      apiBaseUrl: this.baseUrl,
      model,
      input: input as Record<string, unknown>,
      scenario,
      error: queued?.options.error,
      outputSize: this.options.outputSize,
    });
    this.predictions.set(prediction.json.id, prediction);
    // The client sends `Prefer: wait` for `run()` and `predictions.create({ wait })`.
    if (
      prefer &&
      /^wait(=\d+)?$/.test(prefer.trim()) &&
      this.options.answerPreferWait &&
      scenario !== 'slow'
    ) {
      prediction.polls = this.options.pollsUntilDone;
      await finishPrediction(prediction, this.filesUrl);
    }
    return { status: 201, body: prediction.json };
  }

  /** Whether this create attempt is answered 429; counts attempts per queued entry or per magic prompt. */
  private throttle(chosen: FakeScenario | undefined, prompt: string): boolean {
    if (chosen === 'rate-limited') {
      const seen = this.throttledPrompts.get(prompt) ?? 0;
      this.throttledPrompts.set(prompt, seen + 1);
      return seen < this.options.rateLimitAttempts;
    }
    const head = chosen ? undefined : this.queue[0];
    if (head?.scenario !== 'rate-limited' || head.throttlesLeft <= 0) return false;
    head.throttlesLeft--;
    return true;
  }

  private async get(id: string): Promise<Reply> {
    const prediction = this.predictions.get(id);
    if (!prediction) return problem(404, 'Not found', 'Not found.');
    if (isRunning(prediction)) {
      prediction.polls++;
      if (prediction.polls >= this.options.pollsUntilDone)
        await finishPrediction(prediction, this.filesUrl);
      else startPrediction(prediction);
    }
    return { status: 200, body: prediction.json };
  }

  private cancel(id: string): Reply {
    const prediction = this.predictions.get(id);
    if (!prediction) return problem(404, 'Not found', 'Not found.');
    cancelPrediction(prediction);
    return { status: 200, body: prediction.json };
  }

  private serveFile(id: string): Reply {
    const output = this.predictions.get(id)?.output;
    if (!output || this.outputsExpired) {
      return {
        status: 404,
        body: Buffer.from('Not Found'),
        headers: { 'content-type': 'text/plain' },
      };
    }
    return { status: 200, body: output.bytes, headers: { 'content-type': output.mime } };
  }
}
