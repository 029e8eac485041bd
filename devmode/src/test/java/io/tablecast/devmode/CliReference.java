package io.tablecast.devmode;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.Help.Ansi;

/**
 * docs/cli.md as picocli renders it: the usage text of every command and subcommand of the whole
 * command tree ({@link DevCli}: dev mode's {@code dev} and the production CLI's commands), in the
 * order {@code --help} lists them, at picocli's default width of 80 columns and without colours,
 * so that the file is the same on every machine.
 */
final class CliReference {

  static final String FILE = "docs/cli.md";
  static final String REGENERATE = "mvn -q -pl devmode -am test -Dtest=CliReferenceTest "
      + "-Dsurefire.failIfNoSpecifiedTests=false -Dcli.reference.write=true";

  private CliReference() {}

  static String render() {
    List<CommandLine> commands = new ArrayList<>();
    collect(DevCli.commandLine(), commands);
    StringBuilder md = new StringBuilder()
        .append("# Command-line reference\n\n")
        .append("Generated from picocli's usage text by `CliReferenceTest` (module `devmode`), which fails when\n")
        .append("this file and the commands differ. Do not edit it by hand; regenerate it with\n\n")
        .append("```sh\n").append(REGENERATE).append("\n```\n\n")
        .append("`./tablecast` runs this command tree. The production images' `tablecast`\n")
        .append("(`java -jar app/target/tablecast-app.jar`) has the same commands but `dev`. What each\n")
        .append("command's exit code means is in the README, [Exit codes](../README.md#exit-codes).\n\n");
    for (CommandLine command : commands) {
      String name = name(command);
      md.append("- [").append(name).append("](#").append(name.replace(' ', '-').toLowerCase(Locale.ROOT)).append(")\n");
    }
    for (CommandLine command : commands) {
      md.append("\n## ").append(name(command)).append("\n\n```text\n")
          .append(command.getUsageMessage(Ansi.OFF).stripTrailing()).append("\n```\n");
    }
    return md.toString();
  }

  /** {@code command}, then each of its subcommands and theirs, depth first, in the order they were added. */
  private static void collect(CommandLine command, List<CommandLine> into) {
    command.setUsageHelpWidth(80).setUsageHelpAutoWidth(false);
    into.add(command);
    command.getSubcommands().values().stream().distinct().forEach(sub -> collect(sub, into));
  }

  private static String name(CommandLine command) {
    return command.getCommandSpec().qualifiedName();
  }
}
