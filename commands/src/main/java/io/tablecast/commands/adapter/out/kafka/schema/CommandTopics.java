package io.tablecast.commands.adapter.out.kafka.schema;

import io.tablecast.commands.adapter.out.kafka.CommandResult;
import io.tablecast.commands.application.CommandEnvelope;
import io.tablecast.common.kafka.Topic;
import io.tablecast.common.kafka.TopicNames;
import org.apache.kafka.common.serialization.Serdes;

/**
 * Every topic the command side reads or writes, as a typed descriptor: its name with the serdes of
 * its keys (routing keys and aggregate ids, as strings) and its values. Immutable; built once per
 * {@link TopicNames} in the deployable's wiring and passed to the adapters.
 *
 * @param commands commands in flight, from the HTTP service and from the processor's next steps
 * @param results the processor's answers, read back by the HTTP service
 * @param events the two event topics the processor writes and replicates
 */
public record CommandTopics(Topic<String, CommandEnvelope> commands, Topic<String, CommandResult> results, EventTopics events) {

  public static CommandTopics of(TopicNames names) {
    return new CommandTopics(
        new Topic<>(names.commands(), Serdes.String(), InternalSerdes.commandEnvelopes()),
        new Topic<>(names.commandResults(), Serdes.String(), InternalSerdes.commandResults()),
        EventTopics.of(names));
  }
}
