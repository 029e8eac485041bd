package io.tablecast.hr.tables;

import io.tablecast.projection.ViewSet;

/** The generation-suffixed work queues that carry cross-partition steps (SPEC §4). */
public enum WorkQueue implements ViewSet.Queue {
  ARCHIVE("archive-employee"),
  TRANSFER("transfer-employee"),
  INDEX_MAINTENANCE("index-maintenance");

  private final String baseName;

  WorkQueue(String baseName) {
    this.baseName = baseName;
  }

  @Override
  public String baseName() {
    return baseName;
  }
}
