package io.tablecast.workers;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.viewstore.application.work.InProcessWorkers;
import org.junit.jupiter.api.Test;

class QueueWorkersInProcessTest {

  @Test
  void aProjectorFindsTheseWorkersOnItsClassPath() {
    assertThat(InProcessWorkers.onClassPath()).isInstanceOf(QueueWorkersInProcess.class);
  }
}
