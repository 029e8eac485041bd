package io.tablecast.commands.adapter.in.kafka;

import io.tablecast.common.config.KafkaSettings;
import io.tablecast.common.config.Namespace;
import java.nio.file.Path;

/**
 * What the command processor needs of the deployable's configuration.
 *
 * @param namespace names the processor's consumer group (its application id)
 * @param stateDir where Kafka Streams keeps its state stores
 * @param instanceId this instance's static membership in the processor's consumer group
 */
public record ProcessorSettings(Namespace namespace, KafkaSettings kafka, Path stateDir, String instanceId) {}
