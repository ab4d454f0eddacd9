import { makeAutoObservable } from 'mobx';
import type { Outcome } from '@shop/core/domain/outcome';
import type { Clock, ScheduledTask } from '@shop/core/ports/clock';

/** SPEC section 9: an alert hides itself after 2000 ms; used for every alert kind. */
export const ALERT_VISIBLE_MS = 2000;

export type AlertKind = 'info' | 'success' | 'error';

export interface Alert {
  id: number;
  message: string;
  kind: AlertKind;
}

export interface PendingConfirm {
  message: string;
}

/** SPEC 8's texts for how a call ended. */
export interface OutcomeTexts {
  ok: string;
  /** When the server refused without a message of its own. */
  rejected: string;
  /** SPEC 8's "exception" text: no answer, or a broken server. */
  unavailable: string;
}

/**
 * Short-lived alerts and the one confirm dialog of the shop. Views render `alerts` and
 * `pendingConfirm`; stores and views call `show` / `confirm`.
 */
export class AlertStore {
  alerts: Alert[] = [];
  pendingConfirm: PendingConfirm | null = null;

  private nextId = 1;
  private readonly hideTasks = new Map<number, ScheduledTask>();
  private resolveConfirm: ((yes: boolean) => void) | null = null;

  constructor(private readonly clock: Clock) {
    makeAutoObservable<this, 'clock' | 'hideTasks' | 'resolveConfirm' | 'nextId'>(
      this,
      { clock: false, hideTasks: false, resolveConfirm: false, nextId: false },
      { autoBind: true },
    );
  }

  /**
   * Adds an alert that hides itself after ALERT_VISIBLE_MS; answers its id. The same alert again
   * (Add to Cart tapped three times) replaces the one on screen, shown and announced anew: one box,
   * never a pile that covers the page and takes the next taps.
   */
  show(message: string, kind: AlertKind = 'info'): number {
    for (const alert of this.alerts.filter((shown) => shown.message === message && shown.kind === kind)) this.dismiss(alert.id);
    const id = this.nextId++;
    this.alerts.push({ id, message, kind });
    this.hideTasks.set(
      id,
      this.clock.schedule(ALERT_VISIBLE_MS, () => this.dismiss(id)),
    );
    return id;
  }

  /**
   * Alerts how a call ended (SPEC 8): the success text, the server's refusal (or the fallback),
   * or the exception text. Unauthorised says nothing: the session has ended, which is answer enough.
   */
  showOutcome(outcome: Outcome<unknown>, texts: OutcomeTexts): void {
    if (outcome.ok) this.show(texts.ok, 'success');
    else if (outcome.kind === 'rejected') this.show(outcome.message ?? texts.rejected, 'error');
    else if (outcome.kind === 'unavailable') this.show(texts.unavailable, 'error');
  }

  dismiss(id: number): void {
    this.hideTasks.get(id)?.cancel();
    this.hideTasks.delete(id);
    this.alerts = this.alerts.filter((alert) => alert.id !== id);
  }

  /** Opens the confirm dialog; resolves with the answer. A newer question answers an open one with no. */
  confirm(message: string): Promise<boolean> {
    this.answerConfirm(false);
    this.pendingConfirm = { message };
    return new Promise<boolean>((resolve) => {
      this.resolveConfirm = resolve;
    });
  }

  answerConfirm(yes: boolean): void {
    const resolve = this.resolveConfirm;
    this.resolveConfirm = null;
    this.pendingConfirm = null;
    resolve?.(yes);
  }
}
