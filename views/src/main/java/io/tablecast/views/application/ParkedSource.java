package io.tablecast.views.application;

import io.tablecast.views.domain.dashboard.ParkedMessage;
import java.util.Map;

/** Port: a look at the poison queues, which moves nothing. */
public interface ParkedSource {

  /** By work queue name, the oldest message parked from it in {@code generation}; queues with none are absent. */
  Map<String, ParkedMessage> oldestParked(int generation);
}
