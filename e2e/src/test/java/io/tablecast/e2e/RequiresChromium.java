package io.tablecast.e2e;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

/** Skips a browser test, saying why, where Debian's chromium and its driver are not installed. */
final class RequiresChromium implements ExecutionCondition {

  static final Path BROWSER = Path.of("/usr/lib/chromium/chromium");
  static final Path DRIVER = Path.of("/usr/bin/chromedriver");

  @Override
  public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
    return Files.isExecutable(BROWSER) && Files.isExecutable(DRIVER)
        ? ConditionEvaluationResult.enabled("chromium and chromedriver are installed")
        : ConditionEvaluationResult.disabled("No " + BROWSER + " or " + DRIVER + ": the browser tests are skipped. Install Debian's"
            + " chromium and chromium-driver (apt-get install -y chromium chromium-driver), as docker/container-stage.sh does.");
  }
}
