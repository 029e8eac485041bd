package io.tablecast.workers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablecast.common.config.ConfigException;
import io.tablecast.common.config.Env;
import io.tablecast.common.config.WorkerSettings;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WorkerServiceConfigTest {

  @Test
  void theLeasesNameTheInstanceIdWhereOneIsSet() {
    WorkerService.Config config = WorkerService.Config.fromEnv(Env.of(Map.of("TABLECAST_INSTANCE_ID", "3f2a9c1b7e04")));

    assertThat(config.workers().instance()).isEqualTo("3f2a9c1b7e04");
  }

  @Test
  void withoutAnInstanceIdTheProcessKeepsItsRandomOne() {
    String instance = WorkerService.Config.fromEnv(Env.of(Map.of())).workers().instance();

    assertThat(instance).isEqualTo(WorkerSettings.DEFAULT.instance());
  }

  @Test
  void theMessagesHandledAtOnceAreASetting_eightByDefault_andZeroIsRefusedNamingTheVariable() {
    assertThat(WorkerService.Config.fromEnv(Env.of(Map.of())).workers().messagesInFlight()).isEqualTo(8);
    assertThat(WorkerService.Config.fromEnv(Env.of(Map.of("TABLECAST_WORKER_MESSAGES", "3"))).workers().messagesInFlight()).isEqualTo(3);
    assertThatThrownBy(() -> WorkerService.Config.fromEnv(Env.of(Map.of("TABLECAST_WORKER_MESSAGES", "0"))))
        .isInstanceOf(ConfigException.class).hasMessageContaining("TABLECAST_WORKER_MESSAGES");
  }

  @Test
  void anInstanceIdWithASlashIsRefusedNamingTheVariable() {
    assertThatThrownBy(() -> WorkerService.Config.fromEnv(Env.of(Map.of("TABLECAST_INSTANCE_ID", "a/b"))))
        .isInstanceOf(ConfigException.class).hasMessageContaining("TABLECAST_INSTANCE_ID");
  }

  @Test
  void zeroWorkersPerQueueStillRunsOneInTheWorkersDeployable() {
    assertThat(WorkerService.Config.fromEnv(Env.of(Map.of("TABLECAST_WORKERS", "0"))).workers().perQueue()).isEqualTo(1);
  }
}
