package io.tablecast.testkit.archfixture.adapter.in.kafka;

import io.tablecast.testkit.archfixture.adapter.out.kafka.WireRecord;

/** A Kafka adapter that reads the wire format another Kafka adapter writes: allowed. */
public record Listener(WireRecord last) {}
