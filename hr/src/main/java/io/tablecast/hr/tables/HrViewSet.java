package io.tablecast.hr.tables;

import io.tablecast.projection.ViewSet;
import java.util.List;

/**
 * The HR view set (SPEC §3, §9): its five tables and three work queues, {@code ViewCatalog} row
 * {@code hr}, and checkpoints under {@code G<N>}.
 */
public final class HrViewSet {

  public static final ViewSet HR = ViewSet.of("hr", List.of(ViewTable.values()), List.of(WorkQueue.values())).withUnprefixedCheckpoints();

  private HrViewSet() {}
}
