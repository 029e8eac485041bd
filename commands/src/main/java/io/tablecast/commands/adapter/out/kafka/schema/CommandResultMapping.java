package io.tablecast.commands.adapter.out.kafka.schema;

import static io.tablecast.commands.adapter.out.kafka.schema.SharedMapping.sameSymbol;

import io.tablecast.commands.adapter.out.kafka.CommandResult;
import io.tablecast.internal.avro.ResultKind;
import java.util.Optional;

/**
 * The one place where a {@link CommandResult} meets the generated {@code
 * io.tablecast.internal.avro.CommandResult}. Absent optional values are {@code null}.
 */
final class CommandResultMapping {

  private CommandResultMapping() {}

  static io.tablecast.internal.avro.CommandResult toAvro(CommandResult result) {
    return io.tablecast.internal.avro.CommandResult.newBuilder()
        .setCommandId(result.commandId())
        .setKind(sameSymbol(result.kind(), ResultKind.class))
        .setAggregateKind(result.aggregateKind())
        .setAggregateId(result.aggregateId())
        .setVersion(result.version())
        .setRejection(result.rejection().map(SharedMapping::toAvro).orElse(null))
        .setOriginalCommandId(result.originalCommandId().orElse(null))
        .setOriginalIssuedAt(result.originalIssuedAt().orElse(null))
        .setCompletion(result.completion().map(SharedMapping::toAvro).orElse(null))
        .build();
  }

  static CommandResult fromAvro(io.tablecast.internal.avro.CommandResult result) {
    return new CommandResult(
        result.getCommandId(),
        sameSymbol(result.getKind(), CommandResult.Kind.class),
        result.getAggregateKind(),
        result.getAggregateId(),
        result.getVersion(),
        Optional.ofNullable(result.getRejection()).map(SharedMapping::fromAvro),
        Optional.ofNullable(result.getOriginalCommandId()),
        Optional.ofNullable(result.getOriginalIssuedAt()),
        Optional.ofNullable(result.getCompletion()).map(SharedMapping::fromAvro));
  }
}
