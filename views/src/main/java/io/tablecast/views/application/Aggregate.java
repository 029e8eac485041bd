package io.tablecast.views.application;

import io.tablecast.common.kafka.ConsistencyToken.AggregateVersion;

/** An aggregate a consistency token names, whatever its version: what the watcher reads once for all its waiters. */
public record Aggregate(String kind, String id) {

  static Aggregate of(AggregateVersion token) {
    return new Aggregate(token.kind(), token.aggregateId());
  }
}
