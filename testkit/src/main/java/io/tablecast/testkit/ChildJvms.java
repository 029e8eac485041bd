package io.tablecast.testkit;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * A JUnit 5 extension and the launcher it injects: tests start child JVMs with {@link
 * #start}, and every one of them, with whatever it started, is killed when the test ends,
 * passed or failed.
 *
 * <pre>{@code
 * @ExtendWith(ChildJvms.class)
 * class DevModeIT {
 *   @Test
 *   void stopsOnCtrlC(ChildJvms jvms) { ChildJvm dev = jvms.start(...); ... }
 * }
 * }</pre>
 */
public final class ChildJvms implements ParameterResolver {

  private static final ExtensionContext.Namespace STORE = ExtensionContext.Namespace.create(ChildJvms.class);

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == Launcher.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    return context.getStore(STORE).getOrComputeIfAbsent(Launcher.class, key -> new Launcher(), Launcher.class);
  }

  /** Starts child JVMs for one test; closed by JUnit when the test ends. */
  public static final class Launcher implements AutoCloseable {

    private final List<ChildJvm> started = new ArrayList<>();

    public ChildJvm start(Path output, Class<?> mainClass, String... args) {
      return start(output, java.util.Map.of(), mainClass, args);
    }

    public ChildJvm start(Path output, java.util.Map<String, String> env, Class<?> mainClass, String... args) {
      return start(output, List.of(), env, mainClass, args);
    }

    /** With extra options for the JVM, such as a trust store ({@link ChildJvm#start(Path, List, java.util.Map, Class, String...)}). */
    public ChildJvm start(Path output, List<String> jvmOptions, java.util.Map<String, String> env, Class<?> mainClass,
        String... args) {
      ChildJvm child = ChildJvm.start(output, jvmOptions, env, mainClass, args);
      started.add(child);
      return child;
    }

    /** A command as a user runs it from a terminal ({@link ChildJvm#fromTerminal}). */
    public ChildJvm fromTerminal(Path output, java.util.Map<String, String> env, Path workingDir, List<String> command) {
      ChildJvm child = ChildJvm.fromTerminal(output, env, workingDir, command);
      started.add(child);
      return child;
    }

    @Override
    public void close() {
      started.forEach(ChildJvm::close);
    }
  }
}
