package io.tablecast.testkit.archfixture.adapter.out.kafka;

/** A record on a topic. */
public record WireRecord(String key) {}
