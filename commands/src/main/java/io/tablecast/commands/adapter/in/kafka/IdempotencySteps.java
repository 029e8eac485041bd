package io.tablecast.commands.adapter.in.kafka;

import io.tablecast.commands.adapter.out.kafka.CommandResult;
import io.tablecast.commands.application.CommandEnvelope;
import io.tablecast.commands.application.CommandService;
import io.tablecast.commands.application.IdempotencyRef;
import io.tablecast.commands.domain.Command;
import io.tablecast.commands.domain.Decision;
import io.tablecast.commands.domain.IdempotencyRecord;
import io.tablecast.commands.domain.IdempotencyRegistry;
import io.tablecast.commands.domain.IdempotencyRegistry.Check;
import io.tablecast.commands.domain.RecordCompletion;
import io.tablecast.commands.domain.RefusedRequest;
import io.tablecast.commands.domain.Step;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/** The idempotency registry: first checks of a key scope, and the recording of completions. */
final class IdempotencySteps {

  private final KeyValueStore<String, IdempotencyRecord> store;

  IdempotencySteps(KeyValueStore<String, IdempotencyRecord> store) {
    this.store = store;
  }

  StepResult handle(CommandEnvelope envelope, Step step, Instant now) {
    Optional<IdempotencyRecord> current = Optional.ofNullable(store.get(step.id()));
    Command command = envelope.command();
    if (command instanceof RecordCompletion record) {
      current.filter(r -> r.commandId().equals(envelope.commandId()) && r.completion().isEmpty())
          .ifPresent(r -> store.put(step.id(), r.completedWith(record.completion())));
      return new StepResult.Done();
    }
    IdempotencyRef key = envelope.idempotency().orElseThrow();
    Check check = IdempotencyRegistry.check(current, key.fingerprint(), envelope.commandId(), now);
    String kind = CommandService.aggregateKind(command);
    if (check instanceof IdempotencyRegistry.Fresh fresh) {
      store.put(step.id(), fresh.record());
      return StepResult.decided(command instanceof RefusedRequest refused
          ? Decision.reject(refused.rejection())
          : Decision.proceed(command));
    } else if (check instanceof IdempotencyRegistry.Reused reused) {
      return new StepResult.Answered(CommandResult.rejected(envelope.commandId(), kind, command.aggregateId(), reused.rejection()));
    }
    IdempotencyRecord first = check instanceof IdempotencyRegistry.Replay replay
        ? replay.record()
        : ((IdempotencyRegistry.InFlight) check).record();
    return new StepResult.Answered(CommandResult.duplicate(
        envelope.commandId(), kind, command.aggregateId(), first.commandId(), first.createdAt(), first.completion()));
  }

  /** Deletes the records older than the retention; returns how many. */
  int purge(Instant now) {
    List<String> expired = new ArrayList<>();
    try (KeyValueIterator<String, IdempotencyRecord> all = store.all()) {
      while (all.hasNext()) {
        KeyValue<String, IdempotencyRecord> entry = all.next();
        if (IdempotencyRegistry.isExpired(entry.value, now)) {
          expired.add(entry.key);
        }
      }
    }
    expired.forEach(store::delete);
    return expired.size();
  }
}
