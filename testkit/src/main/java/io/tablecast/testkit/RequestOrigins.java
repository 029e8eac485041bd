package io.tablecast.testkit;

import com.azure.core.util.SharedExecutorService;
import java.util.concurrent.Callable;
import java.util.concurrent.Delayed;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RunnableScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Which part of the projector a storage request comes from, by the name of the thread that asked
 * for it. Tablecast calls its synchronous Azure clients without a per-call timeout, so a request
 * runs on the caller's thread; a call given a timeout would run on the SDK's shared executor
 * ({@code azure-sdk-global-thread-N}), where the pipeline never sees the caller. {@link #install}
 * replaces that executor with one of the same size that remembers, for each task, the thread that
 * submitted it; {@link #origin} gives that name on the executor's threads and the current thread's
 * name elsewhere.
 *
 * <p>Groups by the projector's thread names: its consumer ({@code projector-<group>}), its storage
 * pool ({@code projector-g<N>-io-M}), its checkpoint writer ({@code checkpoints-…}) and its pending
 * work requests ({@code pending-work-…}) are the projector's; the queue workers ({@code
 * worker-<queue>-N}) and their pool ({@code worker-io-N}) are the workers'.
 */
public final class RequestOrigins {

  /** Who sent a storage request. */
  public enum Group { PROJECTOR, WORKERS, OTHER }

  private static final ThreadLocal<String> SUBMITTER = new ThreadLocal<>();

  private RequestOrigins() {}

  /** Installs the remembering executor as the SDK's shared one; call before any client is built. */
  public static void install() {
    int threads = Integer.getInteger("azure.sdk.shared.threadpool.maxpoolsize", 10 * Runtime.getRuntime().availableProcessors());
    SharedExecutorService.getInstance().setExecutorService(new Remembering(threads));
  }

  /** The name of the thread on whose behalf the current thread works. */
  public static String origin() {
    String submitter = SUBMITTER.get();
    return submitter != null ? submitter : Thread.currentThread().getName();
  }

  public static Group group(String thread) {
    if (thread.startsWith("projector-") || thread.startsWith("checkpoints-") || thread.startsWith("pending-work-")) {
      return Group.PROJECTOR;
    }
    if (thread.startsWith("worker-") || thread.startsWith("step-") || thread.contains("-step-")) {
      return Group.WORKERS;
    }
    return Group.OTHER;
  }

  /** A thread's name without its trailing number: {@code azure-sdk-global-thread-3} → {@code azure-sdk-global-thread}. */
  public static String family(String thread) {
    return thread.replaceAll("[-_ ]?\\d+$", "");
  }

  private static final class Remembering extends ScheduledThreadPoolExecutor {

    Remembering(int threads) {
      super(threads, daemonThreads());
      setKeepAliveTime(60, TimeUnit.SECONDS);
      allowCoreThreadTimeOut(true);
    }

    private static java.util.concurrent.ThreadFactory daemonThreads() {
      AtomicInteger n = new AtomicInteger();
      return r -> {
        Thread t = new Thread(r, "azure-sdk-global-thread-" + n.incrementAndGet());
        t.setDaemon(true);
        return t;
      };
    }

    @Override
    protected <V> RunnableScheduledFuture<V> decorateTask(Runnable runnable, RunnableScheduledFuture<V> task) {
      return new Tagged<>(task, Thread.currentThread().getName());
    }

    @Override
    protected <V> RunnableScheduledFuture<V> decorateTask(Callable<V> callable, RunnableScheduledFuture<V> task) {
      return new Tagged<>(task, Thread.currentThread().getName());
    }
  }

  /** A task that runs with its submitter's name in {@link #SUBMITTER}. */
  private record Tagged<V>(RunnableScheduledFuture<V> task, String submitter) implements RunnableScheduledFuture<V> {

    @Override
    public void run() {
      String previous = SUBMITTER.get();
      SUBMITTER.set(submitter);
      try {
        task.run();
      } finally {
        if (previous == null) {
          SUBMITTER.remove();
        } else {
          SUBMITTER.set(previous);
        }
      }
    }

    @Override
    public boolean isPeriodic() {
      return task.isPeriodic();
    }

    @Override
    public long getDelay(TimeUnit unit) {
      return task.getDelay(unit);
    }

    @Override
    public int compareTo(Delayed other) {
      return task.compareTo(other instanceof Tagged<?> t ? t.task : other);
    }

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
      return task.cancel(mayInterruptIfRunning);
    }

    @Override
    public boolean isCancelled() {
      return task.isCancelled();
    }

    @Override
    public boolean isDone() {
      return task.isDone();
    }

    @Override
    public V get() throws InterruptedException, ExecutionException {
      return task.get();
    }

    @Override
    public V get(long timeout, TimeUnit unit) throws InterruptedException, ExecutionException, TimeoutException {
      return task.get(timeout, unit);
    }
  }
}
