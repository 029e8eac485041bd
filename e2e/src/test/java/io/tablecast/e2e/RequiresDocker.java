package io.tablecast.e2e;

import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.testcontainers.DockerClientFactory;

/** Skips a container test, saying why, where no Docker engine answers; runs it everywhere else. */
final class RequiresDocker implements ExecutionCondition {

  @Override
  public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
    return DockerClientFactory.instance().isDockerAvailable()
        ? ConditionEvaluationResult.enabled("a Docker engine answers")
        : ConditionEvaluationResult.disabled("No Docker engine found (DOCKER_HOST, /var/run/docker.sock): the container tests"
            + " are skipped. .ci/run installs and starts one, then builds the images (docker/offline-images.sh).");
  }
}
