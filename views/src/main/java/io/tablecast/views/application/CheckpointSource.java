package io.tablecast.views.application;

import io.tablecast.views.domain.dashboard.CheckpointRow;
import java.util.List;

/** Port: a generation's checkpoint rows, as the status page reads them. */
public interface CheckpointSource {

  /** One per partition that the generation's projector has written; none before it starts. */
  List<CheckpointRow> rows(int generation);
}
