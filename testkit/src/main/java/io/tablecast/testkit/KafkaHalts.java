package io.tablecast.testkit;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.common.utils.Exit;
import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the embedded broker from ending a test JVM.
 *
 * <p>Kafka halts its JVM on a fault it cannot carry on from: a log directory that fails (its
 * files deleted under it, a full disk) or a controller fault. In a test JVM that ends every test
 * of the fork at once, and Surefire can only report that the JVM "terminated without saying
 * goodbye", with exit code 1 and no reason. Once {@link #refuse()} has run, each halt or exit that
 * Kafka asks for is one ERROR line with Kafka's reason and an exception on the Kafka thread that
 * asked: the JVM runs its remaining tests, and the test that met the fault fails with the log
 * line to explain it.
 *
 * <p>It runs by itself in every test JVM that has the testkit on its class path: the JUnit
 * Platform finds this listener through {@code META-INF/services} and opens it with the launcher
 * session, before any test starts a broker. The services' own JVMs (child JVMs, containers, dev
 * mode) keep Kafka's behaviour.
 */
public final class KafkaHalts implements LauncherSessionListener {

  private static final Logger log = LoggerFactory.getLogger(KafkaHalts.class);
  private static final AtomicBoolean refused = new AtomicBoolean();
  private static final List<String> requests = new CopyOnWriteArrayList<>();

  /** For the JUnit Platform's service loader. */
  public KafkaHalts() {}

  @Override
  public void launcherSessionOpened(LauncherSession session) {
    refuse();
  }

  /** From now on in this JVM, Kafka's halts and exits are logged and refused. Idempotent. */
  public static void refuse() {
    if (refused.compareAndSet(false, true)) {
      Exit.setHaltProcedure((status, message) -> refuse("halt", status, message));
      Exit.setExitProcedure((status, message) -> refuse("exit", status, message));
    }
  }

  /** What Kafka has asked for so far in this JVM, one line each ("halt 1: reason"). */
  public static List<String> requests() {
    return List.copyOf(requests);
  }

  private static void refuse(String what, int status, String message) {
    String reason = message != null ? message : "the reason is Kafka's ERROR line before this one";
    String request = what + " " + status + ": " + reason;
    requests.add(request);
    log.error("Kafka asked to {} the test JVM with status {} ({}); refused, so the tests go on and this one fails",
        what, status, reason);
    throw new IllegalStateException("Kafka asked to " + request);
  }
}
