String log = new File(basedir, 'build.log').text
File missing = new File(basedir, 'no-such-model')
assert log.contains(missing.canonicalPath) : 'the message names the missing model folder'
// A problem in the user's model is reported as a message, not as a crash of IOSim.
assert !(log =~ /\bat org\.iosim\./) : 'build.log shows a stack trace of IOSim code'
assert !new File(basedir, 'target/iosim').exists()
