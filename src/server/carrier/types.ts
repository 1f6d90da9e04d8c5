/**
 * The carrier interface (docs/carrier.md): what the console asks of the platform that runs the SIM
 * cards (China Mobile OneLink, China Unicom's and China Telecom's CMP, or the simulated carrier).
 * Every call names a card by its ICCID; a failure the caller may retry is a CarrierError with
 * `transient` set (timeouts, throttling, the platform's "busy"), anything else is final.
 */

/** This month's usage as the carrier counts it. */
export interface CarrierUsage {
  /** YYYY-MM in the service's time zone. */
  month: string;
  dataMb: number;
  sms: number;
  voiceMin: number;
}

/** Where the card is on the carrier's side. */
type CarrierLineState = 'active' | 'suspended' | 'unknown';

export interface CarrierStatus {
  state: CarrierLineState;
  /** The package code the card runs on, null when none. */
  packageCode: string | null;
}

export interface Carrier {
  /** 'simulated', 'onelink', 'unicom', 'telecom' ... */
  readonly name: string;
  queryUsage(iccid: string): Promise<CarrierUsage>;
  /** Stops the card's service (停机); resolves once the carrier confirmed. */
  suspend(iccid: string): Promise<void>;
  /** Restores it (复机); resolves once the carrier confirmed. */
  resume(iccid: string): Promise<void>;
  /** Moves the card to the package the carrier knows by this code. */
  changePackage(iccid: string, packageCode: string): Promise<void>;
  status(iccid: string): Promise<CarrierStatus>;
}

export class CarrierError extends Error {
  constructor(
    message: string,
    /** True when the same call may succeed if tried again. */
    readonly transient: boolean,
  ) {
    super(message);
    this.name = 'CarrierError';
  }
}
