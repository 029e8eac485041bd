package io.tablecast.e2e;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Gives a test method a freshly started {@link ContainerStack}, and stops it after the method.
 * Register {@link RequiresDocker} before it, so that no start is tried without an engine.
 */
final class ContainerStackExtension implements ParameterResolver {

  private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(ContainerStackExtension.class);

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == ContainerStack.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    return context.getStore(NAMESPACE).getOrComputeIfAbsent("stack", k -> new Started(ContainerStack.start()), Started.class).stack();
  }

  private record Started(ContainerStack stack) implements AutoCloseable {
    @Override
    public void close() {
      stack.close();
    }
  }
}
