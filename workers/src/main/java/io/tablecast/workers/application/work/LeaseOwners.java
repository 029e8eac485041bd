package io.tablecast.workers.application.work;

import io.tablecast.hr.work.WorkerState;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * Who takes a lease on an employee, and whose leases no longer count. Each attempt at a message
 * is an owner of its own, {@code <instance>/<attempt>}, so that two workers of one process exclude
 * each other too. The leases of an instance known to be dead (a crashed run of dev mode, which
 * alone uses its data) are void at once, instead of when they expire: nobody will write under
 * them again.
 *
 * @param instance the workers of this process
 * @param deadInstance an instance none of whose processes is alive, if one is known
 */
public record LeaseOwners(String instance, Optional<String> deadInstance) {

  private static final String SEPARATOR = "/";

  /** An owner for a new attempt. */
  String newAttempt() {
    return instance + SEPARATOR + UUID.randomUUID();
  }

  /** Whether a live lease of another attempt holds the employee: then the work waits for it. */
  boolean heldByOther(WorkerState state, String owner, Instant now) {
    return state.heldByOtherAt(owner, now) && state.lease().filter(lease -> !isDead(lease.owner())).isPresent();
  }

  private boolean isDead(String owner) {
    return deadInstance.filter(dead -> owner.startsWith(dead + SEPARATOR)).isPresent();
  }
}
