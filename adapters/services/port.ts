/** A call an `http` process step makes to a service. */
export type ServiceCall = {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** Sent as JSON when present. */
  body: unknown;
  timeoutMs: number;
};

export type ServiceAnswer =
  | {
      ok: true;
      status: number;
      /** The answer's JSON when it is JSON, otherwise its text. */
      body: unknown;
    }
  | { ok: false; code: string; message: string };

/** Calls services for process steps; it never throws for the service's faults. */
export type ServiceCaller = {
  call: (request: ServiceCall) => Promise<ServiceAnswer>;
  close: () => Promise<void>;
};
