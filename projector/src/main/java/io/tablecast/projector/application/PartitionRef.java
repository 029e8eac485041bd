package io.tablecast.projector.application;

/** A partition of an event topic. */
public record PartitionRef(String topic, int partition) {}
