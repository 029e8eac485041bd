package io.tablecast.app;

import io.tablecast.common.config.Env;
import io.tablecast.common.config.ViewSetJars;
import io.tablecast.hr.tables.HrViewSet;
import io.tablecast.projection.ProjectedViewSet;
import io.tablecast.projection.ViewSet;
import io.tablecast.projection.ViewSetProvider;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code --view-set}: HR, or a team's view set found on the class path or in {@code TABLECAST_VIEW_SETS_DIR}. */
final class ViewSetOption {

  @Option(names = "--view-set", defaultValue = "hr", description = "The view set: hr, or one found on the class path "
      + "or in TABLECAST_VIEW_SETS_DIR (default: ${DEFAULT-VALUE}).")
  String name;

  @Spec(Spec.Target.MIXEE)
  CommandSpec spec;

  boolean isHr() {
    return name.equals(HrViewSet.HR.name());
  }

  ViewSet viewSet(Env env) {
    return isHr() ? HrViewSet.HR : projected(env).viewSet();
  }

  /** A team's view set; an unknown name is a usage error naming the view sets there are. */
  ProjectedViewSet<?> projected(Env env) {
    try {
      return ViewSetProvider.named(name, ViewSetJars.fromEnv(env).loader());
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
  }
}
