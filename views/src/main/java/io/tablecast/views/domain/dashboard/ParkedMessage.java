package io.tablecast.views.domain.dashboard;

import java.time.Instant;

/**
 * The oldest message of a poison queue, as the status page shows it.
 *
 * @param queue the work queue it was parked from, as the CLI names it ({@code index-maintenance})
 * @param reason why its last attempt failed
 */
public record ParkedMessage(String queue, String messageId, String reason, Instant parkedAt) {

  /** The operator's command that sends it back to work once the cause is fixed (SPEC §4). */
  public String requeueCommand() {
    return "tablecast poison requeue --queue " + queue + " --id " + messageId;
  }
}
