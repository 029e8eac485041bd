package io.tablecast.embedded;

import java.util.Arrays;
import java.util.stream.Collectors;

/** Another JVM that picks ports: prints them on one line, then holds them until its stdin closes. */
final class PickAndHold {

  private PickAndHold() {}

  public static void main(String[] args) throws Exception {
    int[] ports = FreePorts.pick(Integer.parseInt(args[0]));
    System.out.println(Arrays.stream(ports).mapToObj(Integer::toString).collect(Collectors.joining(" ")));
    System.out.flush();
    while (System.in.read() != -1) {
      // held until the test closes our stdin or ends
    }
  }
}
