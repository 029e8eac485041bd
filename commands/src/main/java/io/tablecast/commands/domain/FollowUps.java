package io.tablecast.commands.domain;

import io.tablecast.events.EmployeeArchived;
import io.tablecast.events.EmployeeDetailsChanged;
import io.tablecast.events.DomainEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The internal commands that must follow a decision, so that the email registry and the
 * idempotency registry stay true. Pure.
 *
 * <ul>
 *   <li>A command refused after it claimed an email gives the claim back.
 *   <li>An employee who changes address, or is archived, frees the old address.
 *   <li>A command with an idempotency key records how it ended.
 * </ul>
 */
public final class FollowUps {

  private FollowUps() {}

  /**
   * @param claimedEarlier whether one of the command's earlier steps claimed an email
   * @param employeeBefore the employee as it was before the decision, when the decision was on one
   * @param idempotent whether the command carries an idempotency key
   */
  public static List<Command> after(
      String commandId,
      Command command,
      Decision decision,
      boolean claimedEarlier,
      Optional<EmployeeState> employeeBefore,
      boolean idempotent) {
    List<Command> followUps = new ArrayList<>();
    if (decision instanceof Decision.Rejected && claimedEarlier) {
      claimedEmail(command).ifPresent(email -> followUps.add(ReleaseEmailClaim.claimedBy(email, commandId)));
    }
    if (decision instanceof Decision.Accepted accepted && employeeBefore.isPresent()) {
      freedEmail(accepted.event(), employeeBefore.get())
          .ifPresent(email -> followUps.add(ReleaseEmailClaim.heldBy(email, employeeBefore.get().employeeId())));
    }
    if (idempotent) {
      completion(command, decision).ifPresent(c -> followUps.add(new RecordCompletion(c)));
    }
    return followUps;
  }

  /** How a decision ends its command; empty while the command goes on. */
  public static Optional<Completion> completion(Command command, Decision decision) {
    if (decision instanceof Decision.Accepted a) {
      DomainEvent event = a.event();
      return Optional.of(new Completion(Completion.Kind.ACCEPTED, event.metadata().aggregateId(), event.version(), Optional.empty()));
    } else if (decision instanceof Decision.Unchanged u) {
      return Optional.of(new Completion(Completion.Kind.UNCHANGED, u.aggregateId(), u.version(), Optional.empty()));
    } else if (decision instanceof Decision.Rejected r) {
      return Optional.of(Completion.rejected(command.aggregateId(), r.rejection()));
    }
    return Optional.empty();
  }

  private static Optional<String> claimedEmail(Command command) {
    if (command instanceof HireEmployee hire) {
      return Optional.of(hire.email());
    } else if (command instanceof ChangeEmployeeDetails change) {
      return change.email();
    }
    return Optional.empty();
  }

  private static Optional<String> freedEmail(DomainEvent event, EmployeeState before) {
    if (event instanceof EmployeeArchived) {
      return Optional.of(before.email());
    } else if (event instanceof EmployeeDetailsChanged changed && !Emails.sameAddress(before.email(), changed.email())) {
      return Optional.of(before.email());
    }
    return Optional.empty();
  }
}
