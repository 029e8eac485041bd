package io.tablecast.hr.tables;

import static io.tablecast.hr.tables.HrViewSet.HR;
import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.common.config.Namespace;
import io.tablecast.common.tables.Generation;
import org.junit.jupiter.api.Test;

class HrViewSetTest {

  @Test
  void declaresTheTablesAndQueuesOfTheSpec_andKeepsItsCheckpointsUnderTheGenerationAlone() {
    Generation g3 = new Generation(HR, Namespace.NONE, 3);

    assertThat(g3.tables()).containsExactly("EmployeesG3", "EmployeeIndexG3", "EmployeesByLastNameG3", "ArchivedEmployeesG3",
        "EmployeeActivityG3");
    assertThat(g3.queues()).containsExactly("archive-employee-g3", "archive-employee-g3-poison", "transfer-employee-g3",
        "transfer-employee-g3-poison", "index-maintenance-g3", "index-maintenance-g3-poison");
    assertThat(g3.checkpointPartition()).isEqualTo("G3");
  }
}
