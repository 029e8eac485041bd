package io.tablecast.views.application;

import io.tablecast.common.kafka.ConsistencyToken;

/** Port: whether the views already reflect a write, as its consistency token names it. */
public interface AppliedPositions {

  boolean reflects(ConsistencyToken token);
}
